import { describe, expect, it } from "vitest";
import { parseGrantArgs } from "./firebase-grant-args";

describe("parseGrantArgs", () => {
  it("takes the email, lower-cased, and the project from --project first", () => {
    expect(parseGrantArgs(["--email", " Staff@Erf.co.za ", "--project", "erf-prod"], { GCLOUD_PROJECT: "other" }, "demo-erf")).toEqual({
      email: "staff@erf.co.za",
      projectId: "erf-prod",
      revoke: false,
    });
  });

  it("falls back to GCLOUD_PROJECT, then GOOGLE_CLOUD_PROJECT, then .firebaserc", () => {
    expect(parseGrantArgs(["--email", "a@b.co"], { GCLOUD_PROJECT: "g1" }, "rc")).toMatchObject({ projectId: "g1" });
    expect(parseGrantArgs(["--email", "a@b.co"], { GOOGLE_CLOUD_PROJECT: "g2" }, "rc")).toMatchObject({ projectId: "g2" });
    expect(parseGrantArgs(["--email", "a@b.co", "--revoke"], {}, "rc")).toMatchObject({ projectId: "rc", revoke: true });
  });

  it("refuses a missing email, a missing project and unknown options with the usage line", () => {
    expect(parseGrantArgs([], {}, "rc")).toMatchObject({ error: expect.stringContaining("--email is required") });
    expect(parseGrantArgs(["--email", "a@b.co"], {}, null)).toMatchObject({ error: expect.stringContaining("no project") });
    expect(parseGrantArgs(["--email", "a@b.co", "--admin"], {}, "rc")).toMatchObject({ error: expect.stringContaining("usage:") });
  });
});
