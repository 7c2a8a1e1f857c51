import { defaultSiteDefinition, defaultSiteState, type SiteAnswer } from '@plantride/schemas';

/** GET /api/site as a fresh engine answers it: the spec's 19 places, nothing retired, nothing set by hand. */
export function defaultSiteAnswer(): SiteAnswer {
  const { places } = defaultSiteDefinition();
  // Only the spec's minutes that are not the plan's estimate are sent.
  const routes = Object.entries(defaultSiteState().minutes).map(([key, minutes]) => {
    const [from = '', to = ''] = key.split('>');
    return { from, to, minutes, edited: false };
  });
  return { locations: places.map((place) => ({ ...place, retired: false })), routes, version: 1 };
}
