/** The current time; injected so tests can move it (rate-limit windows, idempotency expiry, createdAt). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
