"use client";

import { useQuery } from "@tanstack/react-query";
import { fourEyesQuery } from "@/lib/client/api/config-proposals";
import {
  FOUR_EYES_OFF,
  type FourEyesPart,
  type FourEyesSetting,
} from "@/lib/universal/config/four-eyes-rule";

/**
 * The four-eyes setting as the page knows it (all off until loaded): only what the save button says. The server
 * decides whether a change needs a second admin whatever the page showed.
 */
export function useFourEyes(): FourEyesSetting {
  return useQuery(fourEyesQuery()).data?.setting ?? FOUR_EYES_OFF;
}

export function partsUnderFourEyes(setting: FourEyesSetting, parts: Iterable<FourEyesPart>): FourEyesPart[] {
  return [...new Set(parts)].filter((part) => setting.config[part]);
}
