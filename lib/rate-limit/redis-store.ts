import type { Redis } from "ioredis";

const holder = globalThis as unknown as { __mailroomRedis?: Promise<Redis> };

async function client(url: string): Promise<Redis> {
  holder.__mailroomRedis ??= import("ioredis").then(({ Redis }) => new Redis(url, { maxRetriesPerRequest: 2 }));
  return holder.__mailroomRedis;
}

/** INCRBY and EXPIRE in one MULTI: the counter and its expiry are set together. */
export async function incrementInRedis(url: string, key: string, ttlSeconds: number, by = 1): Promise<number> {
  const redis = await client(url);
  const results = await redis
    .multi()
    .incrby(key, by)
    .expire(key, ttlSeconds + 5)
    .exec();
  const [err, count] = results?.[0] ?? [new Error("Redis returned no result"), 0];
  if (err) throw err;
  return Number(count);
}

export async function readInRedis(url: string, key: string): Promise<number> {
  return Number((await (await client(url)).get(key)) ?? 0);
}

export async function clearInRedis(url: string, keys: string[]): Promise<void> {
  if (keys.length) await (await client(url)).del(...keys);
}
