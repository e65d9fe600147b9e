import { httpAdminBackend } from "../../../../src/backend/http/admin";
import { httpPublicBackend } from "../../../../src/backend/http/public";
import { exposeAdapters } from "../bridge";

// The http adapters exactly as the site ships them, on the page's own origin (the real server).
exposeAdapters(() => ({ public: httpPublicBackend, admin: httpAdminBackend }));
