// Maps kept as bounded caches in recency order: a Map iterates in insertion order, so an entry set
// again goes last and the first one is the least recently used.

/** Sets `key` (again) as the most recently used entry, then drops the least recently used beyond `max`. */
export function remember<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
}
