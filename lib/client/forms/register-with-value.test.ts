import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createFormControl } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { registerRadio, registerWithValue } from "./register-with-value";

type Values = {
  fullName: string;
  address: { city: string };
  limit: number;
  customerType: string;
  tags: string[];
};

const form = () =>
  createFormControl<Values>({
    defaultValues: {
      fullName: "Ada Lovelace",
      address: { city: "São Paulo" },
      limit: 250,
      customerType: "BUSINESS",
      tags: ["a"],
    },
  });

/** The HTML an input gets from the server, before react-hook-form's code runs in the browser. */
const serverHtml = (props: object) => renderToString(createElement("input", props));

describe("registerWithValue", () => {
  it("gives a registered input its value in the server's HTML, where register alone leaves it empty", () => {
    const control = form();
    expect(serverHtml(control.register("fullName"))).not.toContain("value=");
    expect(serverHtml(registerWithValue(control, "fullName"))).toContain('value="Ada Lovelace"');
    expect(serverHtml(registerWithValue(control, "address.city"))).toContain('value="São Paulo"');
    expect(serverHtml(registerWithValue(control, "limit"))).toContain('value="250"');
  });

  it("gives no initial value for what an input cannot hold as text", () => {
    expect(registerWithValue(form(), "tags")).not.toHaveProperty("defaultValue");
  });
});

describe("registerRadio", () => {
  it("checks the radio holding the field's value, and only that one", () => {
    const control = form();
    expect(serverHtml({ type: "radio", ...registerRadio(control, "customerType", "BUSINESS") })).toContain(
      "checked",
    );
    expect(
      serverHtml({ type: "radio", ...registerRadio(control, "customerType", "INDIVIDUAL") }),
    ).not.toContain("checked");
  });
});
