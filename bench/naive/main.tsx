// The yardstick of bench/lighthouse.ts: the same home page, built the way the original product was: a
// client-only single-page app (empty HTML, everything rendered by JavaScript) that loads and starts the
// Firebase SDK (app, auth, Firestore) eagerly, before the first render.
import { initializeApp } from "firebase/app";
import { getAuth } from "firebase/auth";
import { getFirestore } from "firebase/firestore";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter, Route, Routes } from "react-router";
import { ToastRegion } from "../../src/components/ui/toast";
import HomePage from "../../src/routes/home";
import SiteLayout from "../../src/routes/site-layout";
import "./naive.css";

// A placeholder project: the SDK initialises without contacting Google until it is used.
const app = initializeApp({
  apiKey: "naive-bench-key",
  authDomain: "erf-naive.firebaseapp.com",
  projectId: "erf-naive",
  appId: "1:1:web:1",
});
getAuth(app);
getFirestore(app);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <BrowserRouter>
      <ToastRegion>
        <Routes>
          <Route element={<SiteLayout />}>
            <Route index element={<HomePage />} />
          </Route>
        </Routes>
      </ToastRegion>
    </BrowserRouter>
  </StrictMode>,
);
