/**
 * A message with a name or a number in it (issue #34 item 4). The API answers its English, filled; the
 * client's catalogues translate its template, written as i18next writes placeholders (`{{place}}`), and
 * find the values again in the English the server sent. One template is the one English text of it.
 */
export type TemplateValues<P extends readonly string[]> = { [I in keyof P]: string | number };

export type Templated<P extends readonly string[]> = ((...values: TemplateValues<P>) => string) & {
  readonly template: string;
  readonly params: P;
};

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** `templated('No {{vehicle}} drivers.', 'vehicle')('Crane')` → 'No Crane drivers.'; its parameters in the order the function takes them. */
export function templated<const P extends readonly string[]>(template: string, ...params: P): Templated<P> {
  const named = [...template.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
  const unknown = named.filter((name) => !params.includes(name));
  if (unknown.length > 0 || params.some((name) => !named.includes(name)))
    throw new Error(`Template "${template}" and parameters [${params.join(', ')}] do not match`);
  const fill = (...values: TemplateValues<P>) => template.replace(PLACEHOLDER, (_, name: string) => String(values[params.indexOf(name)]));
  return Object.assign(fill, { template, params });
}

/** Whether `value` is a templated message (a set's entry may be plain English or a template). */
export const isTemplated = (value: unknown): value is Templated<readonly string[]> =>
  typeof value === 'function' && typeof (value as { template?: unknown }).template === 'string';
