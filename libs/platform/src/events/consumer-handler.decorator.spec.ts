import { ConsumerContext, defineConsumer, defineEvent, DomainEvent } from './domain-event';
import { CONSUMER_HANDLER, HandlesConsumer } from './consumer-handler.decorator';

const Joined = defineEvent<{ entryId: string; signupNumber: number }>('test.joined');
const Confirmed = defineEvent<{ entryId: string }>('test.confirmed');
const Welcome = defineConsumer('test.welcome', [Joined, Confirmed]);

describe('@HandlesConsumer', () => {
  it('records which consumer a class handles', () => {
    @HandlesConsumer(Welcome)
    class WelcomeJob {
      async handle(_event: DomainEvent<{ entryId: string }>, _context: ConsumerContext): Promise<void> {}
    }
    expect(Reflect.getMetadata(CONSUMER_HANDLER, WelcomeJob)).toBe(Welcome);
  });

  it("checks the handler's payload against every event type the consumer declares (npm run typecheck)", () => {
    // Takes only Joined's payload, but Confirmed events (without signupNumber) come too.
    // @ts-expect-error the handler's payload is narrower than the consumer's
    @HandlesConsumer(Welcome)
    class TooNarrowJob {
      async handle(_event: DomainEvent<{ entryId: string; signupNumber: number }>): Promise<void> {}
    }
    expect(TooNarrowJob).toBeDefined();
  });
});
