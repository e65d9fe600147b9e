import { WEBHOOK_TIMEOUT_MS } from "../../src/domain/webhooks";
import { DELIVERY_LEASE_MS, type DueDelivery } from "../db/store";

// The webhook sender's slots (decision 0040): how many deliveries run at once, per endpoint and in all,
// and the claimed deliveries that wait in memory for a free slot. A slot that frees starts the next
// waiting delivery of its endpoint at once, with no pass of the dispatcher in between.

/** Deliveries in flight at once to one endpoint. */
export const PER_ENDPOINT = 16;
/** Deliveries in flight at once, across endpoints. */
export const IN_FLIGHT = 64;
/**
 * Claimed deliveries held at once, in flight or waiting for a slot, in rounds of the slots: an endpoint
 * holds at most PER_ENDPOINT * HELD_ROUNDS, all endpoints together IN_FLIGHT * HELD_ROUNDS. A waiting
 * delivery has at most HELD_ROUNDS - 1 rounds of sends ahead of it, each ending within the timeout, so it
 * is sent and finished inside its claim's lease and no other sender claims it meanwhile.
 */
export const HELD_ROUNDS = 5;
if (HELD_ROUNDS * WEBHOOK_TIMEOUT_MS >= DELIVERY_LEASE_MS) throw new Error("A held delivery could outlive its lease");
/** At most this many claimed deliveries of one endpoint are held. */
export const HELD_PER_ENDPOINT = PER_ENDPOINT * HELD_ROUNDS;

export interface SendSlots {
  /** Sends a claimed delivery when its endpoint has a free slot, and holds it until then. */
  track(delivery: DueDelivery): void;
  /** How many more of an endpoint's deliveries may be claimed now, within what all endpoints may hold. */
  roomFor(endpointId: string): number;
  /** How many more deliveries may be claimed now, across endpoints. */
  heldRoom(): number;
  /** Stops starting deliveries and hands back those still waiting (what is in flight goes on). */
  close(): DueDelivery[];
  /** Until nothing claimed is left unsent and unfinished (what finishes starts what waits). */
  drain(): Promise<void>;
}

/**
 * `run` sends one delivery and records its outcome for the dispatcher; it must not reject. `onFreed`
 * is called each time a send ends and its slot has been refilled.
 */
export function createSendSlots(run: (delivery: DueDelivery) => Promise<void>, onFreed: () => void): SendSlots {
  const inFlight = new Set<Promise<void>>();
  /** In flight per endpoint. */
  const busy = new Map<string, number>();
  /** Claimed and waiting for a free slot, per endpoint, oldest first. */
  const waiting = new Map<string, DueDelivery[]>();
  let waitingCount = 0;
  let closed = false;

  /** Starts waiting deliveries, oldest first per endpoint, into the free slots. */
  function startWaiting() {
    if (closed) return;
    for (const [endpointId, queue] of waiting) {
      while (queue.length > 0 && (busy.get(endpointId) ?? 0) < PER_ENDPOINT && inFlight.size < IN_FLIGHT) {
        waitingCount -= 1;
        start(queue.shift()!);
      }
      if (queue.length === 0) waiting.delete(endpointId);
    }
  }

  function start(delivery: DueDelivery) {
    busy.set(delivery.endpointId, (busy.get(delivery.endpointId) ?? 0) + 1);
    const task = run(delivery).finally(() => {
      inFlight.delete(task);
      busy.set(delivery.endpointId, (busy.get(delivery.endpointId) ?? 1) - 1);
      startWaiting();
      onFreed();
    });
    inFlight.add(task);
  }

  /** Claimed deliveries held: in flight and waiting. */
  const held = (endpointId: string) => (busy.get(endpointId) ?? 0) + (waiting.get(endpointId)?.length ?? 0);
  const heldRoom = () => IN_FLIGHT * HELD_ROUNDS - inFlight.size - waitingCount;

  return {
    track(delivery) {
      const queue = waiting.get(delivery.endpointId);
      if (queue) queue.push(delivery);
      else waiting.set(delivery.endpointId, [delivery]);
      waitingCount += 1;
      startWaiting();
    },
    roomFor: (endpointId) => Math.min(HELD_PER_ENDPOINT - held(endpointId), heldRoom()),
    heldRoom,
    close() {
      closed = true;
      const unsent = [...waiting.values()].flat();
      waiting.clear();
      waitingCount = 0;
      return unsent;
    },
    async drain() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
