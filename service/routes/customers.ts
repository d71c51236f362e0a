import type { FastifyPluginAsync } from "fastify";
import { listCustomersQuerySchema } from "../../lib/contract";
import type { ServiceContext } from "../context";
import { parseInput } from "../domain/customer-validation";
import {
  createCustomer,
  deleteCustomer,
  getCustomer,
  listCustomers,
  presentCustomer,
  updateCustomer,
} from "../domain/customers";

type CustomerParams = { Params: { customerId: string } };

/** Customers: create, list, read, change and delete; {customerId} is a service id or a platformCustomerId. */
export const customerRoutes =
  (context: ServiceContext): FastifyPluginAsync =>
  async (app) => {
    // POST /customers — create a customer (regulated platforms)
    app.post("/customers", async (request, reply) =>
      reply.code(201).send(presentCustomer(await createCustomer(context, request.body))),
    );

    // GET /customers — filtered, paginated list
    app.get("/customers", async (request) =>
      listCustomers(context, parseInput(listCustomersQuerySchema, request.query)),
    );

    // GET /customers/{customerId}
    app.get<CustomerParams>("/customers/:customerId", async (request) =>
      presentCustomer(await getCustomer(context, request.params.customerId)),
    );

    // PATCH /customers/{customerId}
    app.patch<CustomerParams>("/customers/:customerId", async (request) =>
      presentCustomer(await updateCustomer(context, request.params.customerId, request.body)),
    );

    // DELETE /customers/{customerId} — marks the customer deleted
    app.delete<CustomerParams>("/customers/:customerId", async (request) =>
      presentCustomer(await deleteCustomer(context, request.params.customerId)),
    );
  };
