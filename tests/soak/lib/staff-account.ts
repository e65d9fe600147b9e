import { createPasswordHasher } from "../../../server/auth/passwords";
import { connectDatabase, insertAdmin } from "../../../server/db/store";
import type { SoakAdmin } from "./server-process";

/**
 * A sales account written straight into a running server's database (as `npm run admin -- create --role
 * sales` would), for checks that sign in many times: a sales rep has no second factor to wait for.
 */
export async function createSalesAccount(databaseUrl: string, account: SoakAdmin): Promise<void> {
  const db = connectDatabase(databaseUrl);
  try {
    await insertAdmin(db, account.email, await createPasswordHasher().hash(account.password), new Date(), {
      role: "sales",
    });
  } finally {
    await db.destroy();
  }
}
