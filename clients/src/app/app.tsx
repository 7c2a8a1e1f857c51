import { useEffect, useState } from 'react';
import { VEHICLE_TYPES } from '@plantride/schemas';

interface Health {
  status: string;
  store: string;
  position: number | string;
}

type HealthState = { kind: 'loading' } | { kind: 'ok'; health: Health } | { kind: 'unreachable' };

function isHealth(value: unknown): value is Health {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.status === 'string' &&
    typeof v.store === 'string' &&
    (typeof v.position === 'number' || typeof v.position === 'string')
  );
}

function useEngineHealth(): HealthState {
  const [state, setState] = useState<HealthState>({ kind: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/health', { signal: controller.signal, headers: { accept: 'application/json' } })
      .then(async (res) => {
        const body: unknown = res.ok ? await res.json() : null;
        setState(isHealth(body) ? { kind: 'ok', health: body } : { kind: 'unreachable' });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ kind: 'unreachable' });
      });
    return () => controller.abort();
  }, []);

  return state;
}

function EngineStatus() {
  const state = useEngineHealth();
  switch (state.kind) {
    case 'loading':
      return <p className="status">Checking the engine…</p>;
    case 'unreachable':
      return <p className="status status--down">Engine unreachable</p>;
    case 'ok': {
      const { status, store, position } = state.health;
      return (
        <p className="status status--up">
          Engine: {status} · store: {store} · events: {position}
        </p>
      );
    }
  }
}

export function App() {
  return (
    <>
      <header className="bar">
        <span className="brand" aria-hidden="true">
          PlantRide
        </span>
      </header>
      <main className="page">
        <h1>PlantRide</h1>
        <p>
          Material transport across the plant is starting up. Booking, driver and report screens
          arrive in the next releases.
        </p>
        <section aria-labelledby="engine-heading" className="card">
          <h2 id="engine-heading">Engine</h2>
          <div aria-live="polite">
            <EngineStatus />
          </div>
        </section>
        <section aria-labelledby="vehicles-heading" className="card">
          <h2 id="vehicles-heading">Vehicle types</h2>
          <ul className="chips">
            {VEHICLE_TYPES.map((type) => (
              <li key={type}>{type}</li>
            ))}
          </ul>
        </section>
      </main>
      <footer className="foot">
        <small>PlantRide · plant material-transport rides</small>
      </footer>
    </>
  );
}
