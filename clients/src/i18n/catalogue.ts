import type { en } from './en';

type DeepString<T> = { [K in keyof T]: T[K] extends string ? string : DeepString<T[K]> };

/**
 * The shape every language's catalogue has: English's keys, each a string. A Marathi or Hindi
 * catalogue missing a key or carrying one English lacks fails typecheck.
 */
export type Catalogue = DeepString<typeof en>;
