// The admin panel's live reads go through the SDK (websocket, the admin's token, its own saves
// shown at once), loaded on first use from shared-auth.
import type { LiveSource } from "shared-content";
import { connection } from "./db";

export const sdkSource: LiveSource = (path, query, next, fail) => {
  let stopped = false;
  let stop = () => {};
  connection().then(({ db, sdk }) => {
    if (stopped) return;
    const target = sdk.ref(db, path);
    const q = query
      ? sdk.query(
          target,
          sdk.orderByChild(query.orderBy),
          ...(query.startAt === undefined ? [] : [sdk.startAt(query.startAt)]),
          ...(query.endAt === undefined ? [] : [sdk.endAt(query.endAt)]),
          ...(query.limitToFirst === undefined ? [] : [sdk.limitToFirst(query.limitToFirst)]),
          ...(query.limitToLast === undefined ? [] : [sdk.limitToLast(query.limitToLast)]),
        )
      : target;
    stop = sdk.onValue(q, (snapshot) => next(snapshot.val()), fail);
  }, fail);
  return () => {
    stopped = true;
    stop();
  };
};
