import { describe, expect, it } from "vitest";
import { CAPABILITIES, can, ROLES } from "../../domain/staff";
import { roleFromClaims } from "./staff-claims";
import { expectRulesBlock } from "./test-support/rules-block";

// firestore.rules cannot import src/domain/staff.ts, so it holds a copy of what each role may do. This
// keeps the copy exact: a role or a capability changed there fails here until the block in the rules is
// replaced with the one printed below. (tests/rules/roles.test.ts checks the emulator enforces it.)

const BEGIN = "    // BEGIN role grants";
const END = "    // END role grants";

function expectedBlock(): string {
  const grants = ROLES.map(
    (role) =>
      `        '${role}': [${CAPABILITIES.filter((capability) => can(role, capability))
        .map((capability) => `'${capability}'`)
        .join(", ")}]`,
  );
  return [
    `${BEGIN}: generated from src/domain/staff.ts (ROLES, CAPABILITIES, can), do not edit by hand.`,
    "    // src/backend/firebase/role-rules.test.ts fails, printing this block, until it matches again.",
    "    function grants() {",
    "      return {",
    grants.join(",\n"),
    "      };",
    "    }",
    END,
  ].join("\n");
}

describe("firestore.rules and src/domain/staff.ts", () => {
  it("grant each role exactly the same capabilities", () => {
    expectRulesBlock(BEGIN, END, expectedBlock());
  });
});

describe("roleFromClaims, the adapter's reading of the claims the rules read", () => {
  it("takes the role claim", () => {
    expect(roleFromClaims({ role: "sales" })).toBe("sales");
    expect(roleFromClaims({ role: "admin", admin: true })).toBe("admin");
  });

  it("counts an account granted before roles (admin: true alone) as an admin", () => {
    expect(roleFromClaims({ admin: true })).toBe("admin");
    expect(roleFromClaims({ admin: true, role: null })).toBe("admin");
  });

  it("makes nobody staff with an unknown role, whatever else the token says, nor without a claim", () => {
    expect(roleFromClaims({ role: "viewer", admin: true })).toBeNull();
    expect(roleFromClaims({ role: "Admin" })).toBeNull();
    expect(roleFromClaims({ role: ["admin"] })).toBeNull();
    expect(roleFromClaims({ admin: "true" })).toBeNull();
    expect(roleFromClaims({})).toBeNull();
  });
});
