import { LIMITS } from '@plantride/schemas';
import type { ComponentType } from 'react';

/** A lazy route's module, given up after the spec's chunk load timeout so the error page shows instead of a blank screen. */
export function lazyComponent<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Chunk load timed out')), LIMITS.chunkLoadTimeoutMs);
    });
    try {
      return { Component: pick(await Promise.race([load(), timeout])) };
    } finally {
      clearTimeout(timer);
    }
  };
}
