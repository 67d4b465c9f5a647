import { JobSlots } from './job-slots';

describe('JobSlots', () => {
  it('serves waiting jobs in turn, and one that asks to go first ahead of them', async () => {
    const slots = new JobSlots(1);
    const order: string[] = [];
    let release!: () => void;
    const holding = slots.run(() => new Promise<void>((resolve) => (release = resolve)));
    const later = ['a', 'b'].map((name) => slots.run(async () => void order.push(name)));
    const first = slots.run(async () => void order.push('first'), { first: true });
    expect(slots.inUse).toBe(1);
    release();
    await Promise.all([holding, ...later, first]);
    expect(order).toEqual(['first', 'a', 'b']);
    expect(slots.inUse).toBe(0);
  });
});
