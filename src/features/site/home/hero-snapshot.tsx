import { staticIsland } from "../static-island";
import { HeroSnapshotBody } from "./hero-snapshot.island";

export const HeroSnapshot = staticIsland("hero-snapshot", import.meta.env.SSR ? HeroSnapshotBody : null);
