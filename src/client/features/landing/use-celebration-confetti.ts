import { useEffect } from 'react';
import { TIMINGS } from '../../../shared/constants';

const COLORS = ['#1e3a8a', '#3d66f0', '#e9ae2c', '#ffffff', '#95b5fb'];
/** Particles keep falling for a while after the last burst. */
const SETTLE_MS = 4000;

/**
 * The landing page's welcome: confetti from both sides for three seconds (spec section 9). Skipped
 * for people who ask their system for reduced motion. The library loads only when it will run.
 */
export function useCelebrationConfetti(): void {
  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    let cancelled = false;
    let frame = 0;
    let removeTimer = 0;
    let canvas: HTMLCanvasElement | null = null;
    let reset: (() => void) | null = null;

    void import('canvas-confetti').then(({ default: confetti }) => {
      if (cancelled) return;
      const el = document.createElement('canvas');
      el.setAttribute('aria-hidden', 'true');
      Object.assign(el.style, {
        position: 'fixed',
        inset: '0',
        width: '100%',
        height: '100%',
        pointerEvents: 'none',
        zIndex: '1300',
      });
      document.body.appendChild(el);
      canvas = el;
      // Drawn by a worker, off the page's thread: on a phone each frame of a few hundred pieces takes
      // 50-100 ms, which on the page's thread would hold up every press for the three seconds. The
      // canvas is a new one each time, as a canvas hands its drawing to a worker only once.
      const fire = confetti.create(el, { resize: true, useWorker: true });
      reset = () => fire.reset();
      const end = Date.now() + TIMINGS.confettiMs;
      const burst = () => {
        void fire({
          particleCount: 3,
          angle: 60,
          spread: 60,
          startVelocity: 55,
          origin: { x: 0, y: 0.65 },
          colors: COLORS,
        });
        void fire({
          particleCount: 3,
          angle: 120,
          spread: 60,
          startVelocity: 55,
          origin: { x: 1, y: 0.65 },
          colors: COLORS,
        });
        if (Date.now() < end) frame = requestAnimationFrame(burst);
      };
      burst();
      removeTimer = window.setTimeout(() => {
        reset?.();
        el.remove();
      }, TIMINGS.confettiMs + SETTLE_MS);
    });

    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
      window.clearTimeout(removeTimer);
      reset?.();
      canvas?.remove();
    };
  }, []);
}
