// The addresses an import has already read, to refuse a second row for one address. A CSV may
// hold a million rows: instead of a Set of strings (tens of bytes each), a 64-bit hash of each
// address goes in an open-addressing table of typed arrays, about 24 bytes per address at
// worst, with the line it was first seen on. Two addresses sharing a 64-bit hash is vanishingly
// unlikely (about 1 in 10^7 for a million rows), and would only refuse the second row.
import { createHash } from "node:crypto";

export class SeenEmails {
  private keys = new BigUint64Array(1 << 12);
  private lines = new Uint32Array(1 << 12);
  private size = 0;

  /** The line the address was first seen on, or undefined (and it is recorded as seen on `line`). */
  firstLineOf(email: string, line: number): number | undefined {
    if ((this.size + 1) * 2 > this.keys.length) this.grow();
    const key = hash(email);
    const slot = this.find(this.keys, key);
    if (this.keys[slot] === key) return this.lines[slot];
    this.keys[slot] = key;
    this.lines[slot] = line;
    this.size++;
    return undefined;
  }

  private find(keys: BigUint64Array, key: bigint): number {
    const mask = keys.length - 1;
    let slot = Number(key & BigInt(mask));
    while (keys[slot] !== 0n && keys[slot] !== key) slot = (slot + 1) & mask;
    return slot;
  }

  private grow() {
    const [keys, lines] = [this.keys, this.lines];
    this.keys = new BigUint64Array(keys.length * 2);
    this.lines = new Uint32Array(keys.length * 2);
    for (let i = 0; i < keys.length; i++) {
      if (keys[i] === 0n) continue;
      const slot = this.find(this.keys, keys[i]);
      this.keys[slot] = keys[i];
      this.lines[slot] = lines[i];
    }
  }
}

/** Never 0, which marks an empty slot. */
function hash(email: string): bigint {
  const h = createHash("sha1").update(email).digest().readBigUInt64BE(0);
  return h === 0n ? 1n : h;
}
