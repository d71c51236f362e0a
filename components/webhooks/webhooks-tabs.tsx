"use client";

import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { parseAsStringLiteral, useQueryState } from "nuqs";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Link } from "@/components/ui/link";
import { QueryState } from "@/components/ui/query-state";
import { LoadingState } from "@/components/ui/states";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { configQuery } from "@/lib/client/api/config";
import { WebhookInbox } from "./webhook-inbox";

// The tools of the other tabs are downloaded when their tab is first shown; the inbox is the page's first view.
const loading = () => <LoadingState label="Loading" rows={2} columns={2} />;
const SendTestWebhook = dynamic(
  () => import("./send-test-webhook").then((module) => module.SendTestWebhook),
  {
    loading,
  },
);
const SignatureChecker = dynamic(
  () => import("./signature-checker").then((module) => module.SignatureChecker),
  {
    loading,
  },
);
const PublicKeyPanel = dynamic(() => import("./public-key-panel").then((module) => module.PublicKeyPanel), {
  loading,
});

const TABS = ["inbox", "test", "checker", "key"] as const;

function ConfiguredEndpoint() {
  const config = useQuery(configQuery());
  return (
    <p className="text-sm text-zinc-600 dark:text-zinc-400">
      Configured endpoint:{" "}
      <QueryState
        query={config}
        keepDataOnError
        loading="loading…"
        error={() => "none"}
        isEmpty={({ webhookEndpoint }) => !webhookEndpoint}
        empty="none"
      >
        {({ webhookEndpoint }) => (
          <span className="break-all font-mono text-xs text-zinc-900 dark:text-zinc-100">
            {webhookEndpoint}
          </span>
        )}
      </QueryState>{" "}
      ·{" "}
      <Link
        href="/config"
        className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-400"
      >
        change it in Configuration
      </Link>
    </p>
  );
}

/** The webhooks area: the inbox, test deliveries, the signature checker and the key in use, one tab each. */
export function WebhooksTabs() {
  const [tab, setTab] = useQueryState(
    "tab",
    parseAsStringLiteral(TABS).withDefault("inbox").withOptions({ history: "replace" }),
  );
  return (
    <Tabs value={tab} onValueChange={(value) => void setTab(value as (typeof TABS)[number])}>
      <TabsList aria-label="Webhook tools">
        <TabsTrigger value="inbox">Inbox</TabsTrigger>
        <TabsTrigger value="test">Send a test</TabsTrigger>
        <TabsTrigger value="checker">Signature checker</TabsTrigger>
        <TabsTrigger value="key">Public key</TabsTrigger>
      </TabsList>
      <TabsContent value="inbox">
        <WebhookInbox />
      </TabsContent>
      <TabsContent value="test">
        <Card>
          <CardHeader>
            <div>
              <CardTitle>Send a test webhook</CardTitle>
              <CardDescription>
                The payment API sends a TEST event to the configured endpoint now and reports what it
                answered.
              </CardDescription>
            </div>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <ConfiguredEndpoint />
            <SendTestWebhook />
          </CardContent>
        </Card>
      </TabsContent>
      <TabsContent value="checker">
        <Card>
          <CardHeader>
            <div>
              <CardTitle>Signature checker</CardTitle>
              <CardDescription>
                Find out why your endpoint refuses a webhook's signature: paste what it received.
              </CardDescription>
            </div>
          </CardHeader>
          <CardContent>
            <SignatureChecker />
          </CardContent>
        </Card>
      </TabsContent>
      <TabsContent value="key">
        <Card>
          <CardHeader>
            <div>
              <CardTitle>Public key in use</CardTitle>
              <CardDescription>What this console verifies every webhook with.</CardDescription>
            </div>
          </CardHeader>
          <CardContent>
            <PublicKeyPanel />
          </CardContent>
        </Card>
      </TabsContent>
    </Tabs>
  );
}
