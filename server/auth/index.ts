export { checkSignInLimit, createMemoryRateLimitStore, createRateLimits, SIGN_IN_LIMITS } from "./rate-limit";
export type { LimitCheck, RateLimitResult, RateLimits, RateLimitStore, SignInLimitKind } from "./rate-limit";
export { createVk, DEMO_VK_CLIENT_ID, VK_ID_BASE, type Vk } from "./vk";
export { getClientAddress } from "./client-address";
