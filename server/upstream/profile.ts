/** The signed-in customer's profile (spec §3 "Person profile", §7 GET /api/v1/me). Never cached. */
import type { UpstreamDeps } from "./deps";
import { NOT_FOUND_MESSAGES } from "./errors";
import { profileSchema, type ProfileDto } from "~/lib/model";

export interface Profile {
  /** GET /api/v1/me with the bearer access token */
  me(accessToken: string, options?: { signal?: AbortSignal }): Promise<ProfileDto>;
}

export function createProfile({ http }: Pick<UpstreamDeps, "http">): Profile {
  return {
    me: (accessToken, options) =>
      http.get("/api/v1/me", profileSchema, {
        token: accessToken,
        notFoundMessage: NOT_FOUND_MESSAGES.profile,
        signal: options?.signal,
      }),
  };
}

/**
 * spec §3: if the first delivery entry has email, personName or phone, these override the profile's
 * email, firstName and phone (each field on its own; empty values do not override).
 */
export function effectiveProfile(dto: ProfileDto): ProfileDto {
  const first = dto.deliveries[0];
  if (!first) return dto;
  return {
    ...dto,
    email: first.email || dto.email,
    firstName: first.personName || dto.firstName,
    phone: first.phone || dto.phone,
  };
}
