import { createContext, useContext, type ReactNode } from "react";
import { plainOwnerName } from "./staff-directory";

const OwnerNames = createContext<(email: string) => string>(plainOwnerName);

/** Lets every owner cell, picker and filter below mark disabled owners (StaffDirectory.ownerName). */
export function OwnerNamesProvider({
  ownerName,
  children,
}: {
  ownerName: (email: string) => string;
  children: ReactNode;
}) {
  return <OwnerNames.Provider value={ownerName}>{children}</OwnerNames.Provider>;
}

/** How an owner's email reads here: "ben@erf.test (disabled)" for a disabled account. */
export function useOwnerName(): (email: string) => string {
  return useContext(OwnerNames);
}
