import { Hono } from "hono";
import { pingDatabase, type Db } from "../db/store";

/** For load balancers and orchestrators: 200 only while the database answers. */
export function healthRoutes(db: Db) {
  return new Hono().get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    return (await pingDatabase(db)) ? c.json({ status: "ok" }) : c.json({ status: "unavailable" }, 503);
  });
}
