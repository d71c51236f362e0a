"use client";

import { useQuery } from "@tanstack/react-query";
import { fourEyesQuery } from "@/lib/client/api/config-proposals";
import {
  FOUR_EYES_DEFAULT,
  type FourEyesPart,
  type FourEyesSetting,
  partsNeedingSecondAdmin,
} from "@/lib/universal/config/four-eyes-rule";

/**
 * The four-eyes setting as the page knows it (the default until loaded): only what the save button says. The server
 * decides whether a change needs a second admin whatever the page showed.
 */
export function useFourEyes(): FourEyesSetting {
  return useQuery(fourEyesQuery()).data?.setting ?? FOUR_EYES_DEFAULT;
}

export function partsUnderFourEyes(setting: FourEyesSetting, parts: Iterable<FourEyesPart>): FourEyesPart[] {
  return partsNeedingSecondAdmin(setting, [...new Set(parts)]);
}
