import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    route("about", "routes/about.tsx"),
    route("property-management", "routes/property-management.tsx"),
    route("hoa", "routes/hoa.tsx"),
    route("landlords", "routes/landlords.tsx"),
    route("faqs", "routes/faqs.tsx"),
    route("contact", "routes/contact.tsx"),
    route("signup", "routes/signup.tsx"),
    route("request-demo", "routes/request-demo.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("terms", "routes/terms.tsx"),
    // Where a form posted without JavaScript lands once stored (src/domain/html-forms.ts).
    route("thanks/:kind", "routes/thanks.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  route("admin/login", "routes/admin-login.tsx"),
  route("admin/dashboard", "routes/admin-dashboard.tsx"),
  // Forgot and reset password, accept an invitation, two-factor: one route (routes/admin-account.tsx).
  route("admin/:page", "routes/admin-account.tsx"),
  // Client-only like /admin (not in the prerender list): its content depends on the link's token.
  route("unsubscribe", "routes/unsubscribe.tsx"),
  route("newsletter/confirm", "routes/newsletter-confirm.tsx"),
] satisfies RouteConfig;
