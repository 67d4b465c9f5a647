import { ProjectionHandlers, defineEvent } from './domain-event';
import { ProjectionRegistry } from './domain-events.registry';

const Happened = defineEvent<Record<string, never>>('test.happened');

describe('ProjectionRegistry', () => {
  it('hands an event to the projections that run first before the rest, whatever order they were registered in', () => {
    const registry = new ProjectionRegistry();
    const projection = (name: string, runsFirst?: boolean) => ({
      name,
      tables: [],
      runsFirst,
      handlers: new ProjectionHandlers().on(Happened, async () => undefined).build(),
    });
    registry.register(projection('funnel'));
    registry.register(projection('entries', true));
    registry.register(projection('leaderboard'));
    expect(registry.handlersFor('test.happened').map((h) => h.projection)).toEqual(['entries', 'funnel', 'leaderboard']);
  });
});
