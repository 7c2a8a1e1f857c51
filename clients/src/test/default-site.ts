import { defaultSiteDefinition, type SiteAnswer } from '@plantride/schemas';

/** GET /api/site as a fresh engine answers it: the spec's 19 places, nothing retired, nothing set by hand. */
export function defaultSiteAnswer(): SiteAnswer {
  const { places, routes } = defaultSiteDefinition();
  return {
    locations: places.map((place) => ({ ...place, retired: false })),
    routes: routes.map((route) => ({ ...route, edited: false })),
    version: 1,
  };
}
