import { useEffect, useState } from 'react';
import { useSession } from '../lib/session.store';
import { recordedLanguage } from './choose-language';
import { applyLanguage } from './i18n';

/**
 * At app start with a session kept from before: the language his account recorded wins over this
 * device's (he may have chosen it on another phone). A sign-in brings it in its answer instead.
 */
export function RecordedLanguage() {
  const [startOwner] = useState(() => useSession.getState().user?.token_no ?? null);
  useEffect(() => {
    if (!startOwner) return undefined;
    let live = true;
    recordedLanguage().then(
      (language) => {
        if (live && language && useSession.getState().user?.token_no === startOwner) applyLanguage(language);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [startOwner]);
  return null;
}
