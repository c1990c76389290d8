/**
 * Pokes between server instances (issue #19; rule 19 of shared/sync/README.md): the shape
 * services.ts hands createApp and the scheduler when several instances share one database
 * (PostgreSQL's is db/pg/pg-poke-bus.ts; on SQLite there is one instance and no bus). A poke
 * carries only a topic, never data: `user:<id>` (the account's devices should pull) and
 * `release` (the leading scheduler should look now).
 */
import type { PokeHub } from './poke-hub';

export interface PokeBus {
  /** Tells every OTHER instance `topic` (no answer awaited; a failure is logged). */
  publish(topic: string): void;
  /** Calls `handler` with each topic another instance publishes; returns the unsubscribe function. */
  subscribe(handler: (topic: string) => void): () => void;
  /** Stops listening (shutdown, tests). */
  close(): Promise<void>;
}

const USER = 'user:';

/**
 * `hub` joined to `bus`: poking an account also pokes its devices on every other instance, and
 * their pokes reach this instance's devices. Returns the joined hub and the unsubscribe function.
 */
export function bridgeHub(hub: PokeHub, bus: PokeBus): { hub: PokeHub; unsubscribe: () => void } {
  const unsubscribe = bus.subscribe((topic) => {
    if (topic.startsWith(USER)) hub.poke(topic.slice(USER.length));
  });
  return {
    hub: {
      ...hub,
      poke(userId) {
        hub.poke(userId);
        bus.publish(USER + userId);
      },
    },
    unsubscribe,
  };
}

/** `poke` of a scheduler joined to `bus`: a poke here reaches the scheduler of every instance (only the leader's runs a pass). */
export function bridgeScheduler<S extends { poke(): void }>(scheduler: S, bus: PokeBus): S {
  bus.subscribe((topic) => {
    if (topic === 'release') scheduler.poke();
  });
  return {
    ...scheduler,
    poke() {
      scheduler.poke();
      bus.publish('release');
    },
  };
}
