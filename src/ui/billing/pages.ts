// The pricing, payment outcome and membership pages, loaded together when the first of them is shown (src/domain/shared/page-groups.ts).
export { MembershipPage } from "./MembershipPage.tsx"
export { PaymentFailurePage, PaymentSuccessPage } from "./PaymentOutcomePages.tsx"
export { PricingPage } from "./PricingPage.tsx"
