import { causedBy, DomainEvent, EventMetadata } from './domain-event';

const event = (id: string, metadata: EventMetadata): DomainEvent => ({
  id,
  position: '1',
  streamType: 's',
  streamId: 'x',
  version: 1,
  type: 't',
  payload: {},
  metadata,
  occurredAt: new Date(0).toISOString(),
});

describe('causedBy', () => {
  it('keeps the first request as the correlation however many consumers the chain passes', () => {
    const fromRequest = event('e1', { requestId: 'req-1', correlationId: 'req-1', actorType: 'visitor' });
    const secondHop = event('e2', causedBy(fromRequest));
    const thirdHop = event('e3', causedBy(secondHop));
    expect(secondHop.metadata).toEqual({ actorType: 'system', actorId: null, causationId: 'e1', correlationId: 'req-1' });
    expect(causedBy(thirdHop)).toEqual({ actorType: 'system', actorId: null, causationId: 'e3', correlationId: 'req-1' });
  });

  it('starts a correlation at an event that has none (one appended before correlation ids, or by a script)', () => {
    expect(causedBy(event('e9', {})).correlationId).toBe('e9');
    expect(causedBy(event('e8', { requestId: 'req-8' })).correlationId).toBe('req-8');
  });
});
