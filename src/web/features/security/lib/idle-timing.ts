import { IDLE_WARNING_MS } from '../../../../domain/security';

/** How long before the end the browser warns: a minute, less for very short test timeouts. */
export const warningMsFor = (timeoutSeconds: number) =>
  Math.min(IDLE_WARNING_MS, Math.floor((timeoutSeconds * 1000) / 3));

/** How often user input is reported at most: a minute, like the server's own writes. */
export const reportEveryMsFor = (timeoutSeconds: number) =>
  Math.min(60_000, Math.floor((timeoutSeconds * 1000) / 4));
