// What a submission's spam score leaves on its record. The score is worked out in server/security/spam-score.ts;
// the shape lives here, with the writers that store it, so the records' modules need nothing from above them.

/** The score as stored on the record. */
export interface SpamResult {
  score: number;
  /** The signals that fired, comma-joined (src/domain/spam.ts joinSignals). */
  signals: string;
  /** Above the threshold: held in the Spam view. */
  spam: boolean;
  /** The keyed hash of `content`, kept for the repeated-content signal of later submissions. */
  contentHash: string | null;
  /** The keyed hash of the source (client bucket), kept so later repetitions count sources, not addresses. */
  sourceHash: string | null;
  /**
   * A valid render stamp's nonce, which the submission's transaction claims (db/render-stamps.ts claimRenderStamps):
   * each stamp serves one submission. Null when there is no valid stamp to claim.
   */
  stamp: { nonce: string; expiresAt: string } | null;
  /** The score instead, when the claim finds the stamp used by another submission already. */
  ifStampReused: Pick<SpamResult, "score" | "signals" | "spam"> | null;
}
