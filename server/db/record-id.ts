import { randomBytes } from "node:crypto";

// Ids of records the server creates: UUIDs of version 7 (RFC 9562), 48 bits of Unix time in ms and then
// 74 random bits. Ids made later sort after earlier ones, so each table's primary-key index grows at its
// end, like its other indexes: a group of submissions dirties one leaf page of it, not one page per row
// at random places (docs/performance.md, session 7). 74 random bits keep an id unguessable; the time
// they reveal is the record's createdAt, which the person who submitted it knows.

const RANDOM_BYTES = 10;
const POOL_IDS = 256;
let pool = Buffer.alloc(0);
let offset = 0;

/** Random bytes for one id, from a pool refilled 256 ids at a time (as node:crypto's randomUUID does). */
function randomPart(): Buffer {
  if (offset + RANDOM_BYTES > pool.length) {
    pool = randomBytes(RANDOM_BYTES * POOL_IDS);
    offset = 0;
  }
  offset += RANDOM_BYTES;
  return pool.subarray(offset - RANDOM_BYTES, offset);
}

/** A new UUIDv7 for a record created at `at` (ms since the epoch). */
export function newRecordId(at: number = Date.now()): string {
  const bytes = Buffer.allocUnsafe(16);
  bytes.writeUIntBE(at, 0, 6);
  randomPart().copy(bytes, 6);
  bytes[6] = 0x70 | (bytes[6]! & 0x0f);
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
