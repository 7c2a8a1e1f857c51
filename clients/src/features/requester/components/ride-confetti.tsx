import { useEffect, useState } from 'react';
import Confetti from 'react-confetti';
import { LIMITS } from '@plantride/schemas';

/** 400 pieces for 3 seconds when a driver is assigned (SPEC §9); `burst` changes to start another. */
export function RideConfetti({ burst }: { burst: number }) {
  const [running, setRunning] = useState(false);
  useEffect(() => {
    if (burst === 0) return;
    setRunning(true);
    const timer = setTimeout(() => setRunning(false), LIMITS.confettiMs);
    return () => clearTimeout(timer);
  }, [burst]);
  if (!running) return null;
  return (
    <div aria-hidden="true" style={{ position: 'fixed', inset: 0, pointerEvents: 'none', zIndex: 1400 }}>
      <Confetti width={window.innerWidth} height={window.innerHeight} numberOfPieces={LIMITS.confettiPieces} recycle={false} />
    </div>
  );
}
