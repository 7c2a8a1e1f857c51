import unhomoglyph from 'unhomoglyph';

// Unicode TR39 §4 skeleton: NFD, default-ignorable code points removed, each character replaced by its
// prototype from confusables.txt (the unhomoglyph package's table), NFD again.
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/** The confusable skeleton of `text` (Unicode TR39): two texts that look alike have the same one. */
export const skeleton = (text: string): string => unhomoglyph(text.normalize('NFD').replace(IGNORABLE, '')).normalize('NFD');

const spaced = (text: string) => text.replace(/\s+/gu, ' ').trim();

/**
 * Whether two place names read as one: their skeletons match as written, or in lower case (places are
 * found case aside), runs of white space as one space. "main gate" and "mаin gate" (a Cyrillic "а")
 * do; so do "RMS" and "RМS" (a Cyrillic "М"). Both are needed: the table maps a capital "I" to "l"
 * and a lower-cased Greek "Ε" is an "ε", which reads as no Latin letter.
 */
export function readAsOne(a: string, b: string): boolean {
  const [x, y] = [a, b].map((name) => name.normalize('NFC').trim());
  return spaced(skeleton(x!)) === spaced(skeleton(y!)) || spaced(skeleton(x!.toLowerCase())) === spaced(skeleton(y!.toLowerCase()));
}
