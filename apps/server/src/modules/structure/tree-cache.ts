import { createHash } from 'node:crypto';
import type { TreeNode } from '@sdp/contracts';

/** A built tree as sent: the object (for overviews) and its JSON body with the ETag that names it. */
export interface CachedTree {
  etag: string;
  root: TreeNode;
  body: string;
}

/**
 * Built company trees keyed by company, structure version and what the viewer may see (issue 17 item 3). The
 * version is bumped in the database by every change the tree shows (migration 0022), so an entry is never served
 * stale on any instance: a newer version is a different key. Bounded: the least recently used entry goes first.
 */
export function createTreeCache(capacity = 256) {
  const entries = new Map<string, CachedTree>();
  return {
    get(key: string): CachedTree | undefined {
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
      }
      return hit;
    },
    set(key: string, root: TreeNode): CachedTree {
      const body = JSON.stringify(root);
      // The key (company, structure version, viewer class) determines the tree, so it names the body: a weak tag
      // (the same tree, not promised byte for byte across server versions) without hashing a megabyte of JSON.
      const etag = `W/"${createHash('sha1').update(key).digest('base64url')}"`;
      const entry = { etag, root, body };
      entries.set(key, entry);
      if (entries.size > capacity) entries.delete(entries.keys().next().value as string);
      return entry;
    },
    get size() {
      return entries.size;
    },
  };
}

/** Whether an If-None-Match header names this ETag (a list, weak or strong, or '*'). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  // If-None-Match compares weakly (RFC 9110 §13.1.2): W/"x" and "x" name the same tree.
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header
    .split(',')
    .map(opaque)
    .some((tag) => tag === opaque(etag) || tag === '*');
}
