import { MESSAGES } from '@plantride/schemas';

/** The router's fallback for anything a screen throws; plain elements (base.css), so it needs no lazy chunk. */
export function ErrorPage() {
  return (
    <main className="plain-page">
      <h1 role="alert">{MESSAGES.unexpectedApplicationError}</h1>
    </main>
  );
}
