// The store: loads the state once, then reloads on every new block (events coalesced) and on a
// timer when no block arrives, and tells listeners the new state, the old one and what changed.
// Coalescing is on the leading edge: a block that arrives after a quiet spell reloads at once (the
// page shows it without waiting out the window), and the blocks of the next 50 ms share one
// follow-up reload at the window's end, so a burst still costs at most one read per 50 ms.
// It is generic over how the state is read, so the same scheduling serves every chain adapter.
import { BLOCK_EVENT_COALESCE_MS, STATE_RECALCULATION_MS } from '../model/constants.ts';
import { changedFields } from './changedFields.ts';

export interface StoreUpdate<S> {
  newState: S;
  oldState: S;
  /** Top-level fields whose values differ between the two. */
  changedFields: (keyof S & string)[];
}

export type StoreListener<S> = (update: StoreUpdate<S>) => void;

export interface ProtocolStoreParameters<S> {
  /** Reads the whole state (one batched round trip where the chain allows). */
  load: () => Promise<S>;
  /** Calls back on each new block; returns the unsubscribe function. */
  watchBlocks?: (onBlock: () => void) => () => void;
  /** Milliseconds between reloads when no block triggers one (30,000 by default). */
  refreshIntervalMs?: number;
  /** Milliseconds over which block events after the first are coalesced into one reload (50 by default). */
  coalesceMs?: number;
  /** Called when a reload fails; the store keeps its last state and tries again on the next trigger. */
  onError?: (error: unknown) => void;
}

export class ProtocolStore<S extends object> {
  private readonly params: Required<Omit<ProtocolStoreParameters<S>, 'watchBlocks' | 'onError'>> &
    Pick<ProtocolStoreParameters<S>, 'watchBlocks' | 'onError'>;
  private current: S | undefined;
  private readonly listeners = new Set<StoreListener<S>>();
  private unwatch: (() => void) | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private coalesceTimer: ReturnType<typeof setTimeout> | undefined;
  /** A block arrived inside the coalescing window: reload when it closes. */
  private blockPending = false;
  private inFlight: Promise<S> | undefined;
  private followUp: Promise<S> | undefined;
  private running = false;

  constructor(params: ProtocolStoreParameters<S>) {
    this.params = {
      refreshIntervalMs: STATE_RECALCULATION_MS,
      coalesceMs: BLOCK_EVENT_COALESCE_MS,
      ...params,
    };
  }

  /** The last loaded state; throws before the first load has finished. */
  get state(): S {
    if (this.current === undefined) throw new Error('The store has not loaded yet');
    return this.current;
  }

  get isLoaded(): boolean {
    return this.current !== undefined;
  }

  /** Loads the state once and starts following blocks and the timer. Resolves with the first state. */
  async start(): Promise<S> {
    if (this.running) return this.refresh();
    this.running = true;
    this.unwatch = this.params.watchBlocks?.(() => this.onBlock());
    return this.refresh();
  }

  stop(): void {
    this.running = false;
    this.unwatch?.();
    this.unwatch = undefined;
    clearTimeout(this.timer);
    clearTimeout(this.coalesceTimer);
    this.timer = this.coalesceTimer = undefined;
    this.blockPending = false;
  }

  subscribe(listener: StoreListener<S>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Reloads now (a forced refresh). Concurrent calls share one load; a call made while a load is
   * running gets a fresh load after it, so no change is missed.
   */
  refresh(): Promise<S> {
    if (this.inFlight) {
      this.followUp ??= this.inFlight
        .catch(() => undefined)
        .then(() => {
          this.followUp = undefined;
          return this.refresh();
        });
      return this.followUp;
    }
    clearTimeout(this.timer);
    this.inFlight = this.params
      .load()
      .then((next) => {
        this.apply(next);
        return next;
      })
      .finally(() => {
        this.inFlight = undefined;
        this.schedule();
      });
    this.inFlight.catch((error: unknown) => this.params.onError?.(error));
    return this.inFlight;
  }

  private apply(next: S): void {
    const previous = this.current;
    this.current = next;
    if (previous === undefined) return;
    const changed = changedFields(previous, next);
    if (changed.length === 0) return;
    for (const listener of this.listeners)
      listener({ newState: next, oldState: previous, changedFields: changed });
  }

  private schedule(): void {
    if (!this.running) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh().catch(() => undefined), this.params.refreshIntervalMs);
  }

  private onBlock(): void {
    if (!this.running) return;
    if (this.coalesceTimer) {
      this.blockPending = true;
      return;
    }
    this.reloadForBlock();
  }

  /** Reloads now and opens a window in which further blocks wait for one reload at its end. */
  private reloadForBlock(): void {
    this.coalesceTimer = setTimeout(() => {
      this.coalesceTimer = undefined;
      if (!this.blockPending || !this.running) return;
      this.blockPending = false;
      this.reloadForBlock();
    }, this.params.coalesceMs);
    void this.refresh().catch(() => undefined);
  }
}
