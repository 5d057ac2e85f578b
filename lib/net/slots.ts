// A fixed number of slots shared by one kind of outbound work across the whole process (say,
// attachment fetches): a caller takes a slot or waits for one, and gives up waiting when its
// signal aborts. Keeps what one tenant's requests can make the server do at once bounded.
export class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {
    this.free = size;
  }

  /** Runs `work` in a slot; rejects with the signal's reason if it aborts before a slot frees. */
  async run<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
    await this.take(signal);
    try {
      return await work();
    } finally {
      this.give();
    }
  }

  private take(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(signal.reason);
    if (this.free > 0) {
      this.free--;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const turn = () => {
        signal.removeEventListener("abort", gaveUp);
        resolve();
      };
      const gaveUp = () => {
        this.waiting.splice(this.waiting.indexOf(turn), 1);
        reject(signal.reason);
      };
      this.waiting.push(turn);
      signal.addEventListener("abort", gaveUp, { once: true });
    });
  }

  /** The slot goes straight to the first in line, or back to the free ones. */
  private give() {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}
