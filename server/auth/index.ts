export { checkSignInLimit, createMemoryRateLimitStore, getRateLimitStore, SIGN_IN_LIMITS } from "./rate-limit";
export type { RateLimitResult, RateLimitStore, SignInLimitKind } from "./rate-limit";
export { DEMO_VK_CLIENT_ID, VK_ID_BASE, vkAuthorizeBase, vkClientId, vkLogout, vkOneTapBase, vkStandIn } from "./vk";
export { getClientAddress } from "./client-address";
