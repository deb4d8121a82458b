// Time as commands see it. Commands that wait (migrate watch) ask the context's clock, so tests can
// pass one that moves only when slept on and never wait in real time.

import { CancelledError } from './errors.js';

export interface Clock {
  now(): number;
  /** Waits `ms`; rejects with CancelledError when the signal aborts (Ctrl-C). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new CancelledError('interrupted'));
      const onAbort = () => {
        clearTimeout(timer);
        reject(new CancelledError('interrupted'));
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};
