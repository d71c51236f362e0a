import type { FastifyPluginAsync } from "fastify";
import {
  createCustomerBodySchema,
  listCustomersQuerySchema,
  updateCustomerBodySchema,
} from "../../shared/contract";
import type { ServiceContext } from "../context";
import {
  assertRegulated,
  createCustomer,
  deleteCustomer,
  getCustomer,
  listCustomers,
  presentCustomer,
  updateCustomer,
} from "../domain/customers";
import { customerAreaCode, parseOrThrow } from "../validation";

type CustomerParams = { Params: { customerId: string } };

/** Customers: create, list, read, change and delete; {customerId} is a service id or a platformCustomerId. */
export const customerRoutes =
  (context: ServiceContext): FastifyPluginAsync =>
  async (app) => {
    // POST /customers — create a customer (regulated platforms)
    app.post("/customers", async (request, reply) => {
      // An unregulated platform's refusal (403) comes before anything about the body.
      assertRegulated(context);
      const body = parseOrThrow(createCustomerBodySchema, request.body, customerAreaCode);
      return reply.code(201).send(presentCustomer(await createCustomer(context, body)));
    });

    // GET /customers — filtered, paginated list
    app.get("/customers", async (request) =>
      listCustomers(context, parseOrThrow(listCustomersQuerySchema, request.query, customerAreaCode)),
    );

    // GET /customers/{customerId}
    app.get<CustomerParams>("/customers/:customerId", async (request) =>
      presentCustomer(await getCustomer(context, request.params.customerId)),
    );

    // PATCH /customers/{customerId}
    app.patch<CustomerParams>("/customers/:customerId", async (request) => {
      const body = parseOrThrow(updateCustomerBodySchema, request.body, customerAreaCode);
      return presentCustomer(await updateCustomer(context, request.params.customerId, body));
    });

    // DELETE /customers/{customerId} — marks the customer deleted
    app.delete<CustomerParams>("/customers/:customerId", async (request) =>
      presentCustomer(await deleteCustomer(context, request.params.customerId)),
    );
  };
