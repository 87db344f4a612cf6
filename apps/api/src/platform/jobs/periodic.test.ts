import { describe, expect, it } from 'vitest';
import { createPeriodicJob } from './periodic.ts';

function logger() {
  const warnings: object[] = [];
  return { warnings, info() {}, warn: (details: object) => void warnings.push(details) };
}

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
};

describe('createPeriodicJob', () => {
  it('runs at once on start, and a wake-up during a run runs it again right after, not an interval later', async () => {
    let runs = 0;
    let finish: () => void = () => {};
    const job = createPeriodicJob({
      name: 'test',
      intervalMs: 60_000,
      logger: logger(),
      run: () => {
        runs += 1;
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
    });
    job.start();
    await waitFor(() => runs === 1);
    job.wakeUp();
    job.wakeUp();
    expect(runs).toBe(1); // runs never overlap
    finish();
    await waitFor(() => runs === 2); // once more, not once per wake-up
    finish();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs).toBe(2);
    job.wakeUp(); // idle: runs now
    await waitFor(() => runs === 3);
    finish();
    await job.stop();
    job.wakeUp(); // stopped: nothing
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs).toBe(3);
  });

  it('logs a failed run by its name and described code only, and keeps its schedule', async () => {
    const log = logger();
    let runs = 0;
    const job = createPeriodicJob({
      name: 'failing',
      intervalMs: 10,
      logger: log,
      run: async () => {
        runs += 1;
        throw Object.assign(new Error('secret value jan@example.nl'), { code: '23505' });
      },
      describeError: (error) => `described ${(error as { code: string }).code}`,
    });
    job.start();
    await waitFor(() => runs >= 2);
    await job.stop();
    expect(log.warnings[0]).toEqual({ job: 'failing', error: 'described 23505' });
    expect(JSON.stringify(log.warnings)).not.toContain('jan@example.nl');
  });
});
