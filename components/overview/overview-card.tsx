import type * as React from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Link } from "@/components/ui/link";
import { cn } from "@/lib/universal/utils";

/**
 * A titled card of the overview; its heading names the region for assistive technology. `more` is the link to
 * the area with the whole story, at the foot of the card.
 */
export function OverviewCard({
  id,
  title,
  description,
  more,
  className,
  children,
}: {
  id: string;
  title: string;
  description?: React.ReactNode;
  more?: { href: string; label: string };
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Card aria-labelledby={`${id}-heading`} className={cn("flex flex-col", className)}>
      <CardHeader>
        <div className="flex min-w-0 flex-col gap-0.5">
          <CardTitle id={`${id}-heading`}>{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col">
        {children}
        {more ? (
          <p className="mt-auto pt-4 text-sm">
            <Link
              href={more.href}
              className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-400"
            >
              {more.label}
            </Link>
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
