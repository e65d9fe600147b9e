import { Hono } from "hono";
import { pingDatabase, type Db } from "../db/store";
import { describe } from "../openapi/describe";
import * as answer from "../openapi/answers";

/** For load balancers and orchestrators: 200 only while the database answers. */
export function healthRoutes(db: Db) {
  return new Hono().get(
    "/",
    describe({
      tag: "Health",
      summary: "Whether the server and its database answer",
      access: "public",
      answers: { 200: { description: "Serving", schema: answer.health } },
      refusals: [503],
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      return (await pingDatabase(db)) ? c.json({ status: "ok" }) : c.json({ status: "unavailable" }, 503);
    },
  );
}
