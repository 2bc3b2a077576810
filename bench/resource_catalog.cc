#include "bench/resource_catalog.h"

#include <algorithm>
#include <map>

namespace planview::bench {
namespace {

TypeRef Prim(TypeKind kind) {
  auto t = std::make_shared<TypeSpec>();
  t->kind = kind;
  return t;
}
TypeRef Str() {
  static const TypeRef t = Prim(TypeKind::kString);
  return t;
}
TypeRef Num() {
  static const TypeRef t = Prim(TypeKind::kNumber);
  return t;
}
TypeRef Bool() {
  static const TypeRef t = Prim(TypeKind::kBool);
  return t;
}
TypeRef Dyn() {
  static const TypeRef t = Prim(TypeKind::kDynamic);
  return t;
}
TypeRef Collection(TypeKind kind, TypeRef element) {
  auto t = std::make_shared<TypeSpec>();
  t->kind = kind;
  t->element = std::move(element);
  return t;
}
TypeRef List(TypeRef e) { return Collection(TypeKind::kList, std::move(e)); }
TypeRef Set(TypeRef e) { return Collection(TypeKind::kSet, std::move(e)); }
TypeRef Map(TypeRef e) { return Collection(TypeKind::kMap, std::move(e)); }
TypeRef Obj(std::vector<std::pair<std::string, TypeRef>> attributes) {
  auto t = std::make_shared<TypeSpec>();
  t->kind = TypeKind::kObject;
  t->attributes = std::move(attributes);
  std::sort(t->attributes.begin(), t->attributes.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  return t;
}

// flags: r required, o optional, c computed, s sensitive.
AttributeSpec A(std::string name, TypeRef type, std::string_view flags, Flavor flavor = Flavor::kAuto,
                std::vector<std::string> choices = {}) {
  AttributeSpec a;
  a.name = std::move(name);
  a.type = std::move(type);
  a.flavor = flavor;
  a.choices = std::move(choices);
  a.required = flags.find('r') != std::string_view::npos;
  a.optional = flags.find('o') != std::string_view::npos;
  a.computed = flags.find('c') != std::string_view::npos;
  a.sensitive = flags.find('s') != std::string_view::npos;
  return a;
}

AttributeSpec E(std::string name, std::string_view flags, std::vector<std::string> choices) {
  return A(std::move(name), Str(), flags, Flavor::kEnum, std::move(choices));
}

void SortAttributes(std::vector<AttributeSpec>& attributes) {
  std::sort(attributes.begin(), attributes.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
}

AttributeSpec Nested(std::string name, Nesting nesting, std::string_view flags, std::vector<AttributeSpec> attributes) {
  AttributeSpec a = A(std::move(name), nullptr, flags);
  auto n = std::make_shared<NestedSpec>();
  n->nesting = nesting;
  n->attributes = std::move(attributes);
  SortAttributes(n->attributes);
  a.nested = std::move(n);
  return a;
}

BlockSpec Block(std::vector<AttributeSpec> attributes, std::vector<BlockTypeSpec> block_types = {}) {
  BlockSpec b;
  b.attributes = std::move(attributes);
  b.block_types = std::move(block_types);
  SortAttributes(b.attributes);
  std::sort(b.block_types.begin(), b.block_types.end(), [](const auto& x, const auto& y) { return x.name < y.name; });
  return b;
}

BlockTypeSpec BT(std::string name, Nesting nesting, int min_items, int max_items, BlockSpec block) {
  BlockTypeSpec t;
  t.name = std::move(name);
  t.nesting = nesting;
  t.min_items = min_items;
  t.max_items = max_items;
  t.block = std::make_shared<BlockSpec>(std::move(block));
  return t;
}

ResourceSpec R(std::string type, int weight, std::string id_prefix, BlockSpec block, bool data = false) {
  ResourceSpec r;
  r.provider = type.substr(0, type.find('_'));
  r.type = std::move(type);
  r.weight = weight;
  r.id_prefix = std::move(id_prefix);
  r.block = std::move(block);
  r.data = data;
  return r;
}

std::vector<AttributeSpec> AwsCommon(std::vector<AttributeSpec> more) {
  more.push_back(A("arn", Str(), "c", Flavor::kArn));
  more.push_back(A("id", Str(), "c", Flavor::kId));
  more.push_back(A("tags", Map(Str()), "o", Flavor::kTags));
  more.push_back(A("tags_all", Map(Str()), "oc", Flavor::kTags));
  return more;
}

std::vector<ResourceSpec> BuildCatalog() {
  std::vector<ResourceSpec> c;
  c.push_back(R("aws_instance", 14, "i-", Block(AwsCommon({
      A("ami", Str(), "oc", Flavor::kId),
      A("associate_public_ip_address", Bool(), "oc"),
      A("availability_zone", Str(), "oc", Flavor::kZone),
      A("cpu_core_count", Num(), "oc", Flavor::kSmallCount),
      A("ebs_optimized", Bool(), "o"),
      A("iam_instance_profile", Str(), "o", Flavor::kName),
      E("instance_state", "c", {"running", "stopped", "pending"}),
      E("instance_type", "oc", {"t3.micro", "t3.small", "m5.large", "m6i.xlarge", "c6g.2xlarge", "r5.4xlarge"}),
      A("ipv6_addresses", List(Str()), "oc", Flavor::kIp),
      A("key_name", Str(), "oc", Flavor::kName),
      A("monitoring", Bool(), "o"),
      A("primary_network_interface_id", Str(), "c", Flavor::kId),
      A("private_dns", Str(), "c", Flavor::kUrl),
      A("private_ip", Str(), "oc", Flavor::kIp),
      A("public_dns", Str(), "c", Flavor::kUrl),
      A("public_ip", Str(), "c", Flavor::kIp),
      A("secondary_private_ips", Set(Str()), "oc", Flavor::kIp),
      A("security_groups", Set(Str()), "oc", Flavor::kName),
      A("source_dest_check", Bool(), "o"),
      A("subnet_id", Str(), "oc", Flavor::kId),
      E("tenancy", "oc", {"default", "dedicated"}),
      A("user_data", Str(), "o", Flavor::kScript),
      A("user_data_replace_on_change", Bool(), "o"),
      A("vpc_security_group_ids", Set(Str()), "oc", Flavor::kId),
  }), {
      BT("credit_specification", Nesting::kList, 0, 1, Block({E("cpu_credits", "o", {"standard", "unlimited"})})),
      BT("ebs_block_device", Nesting::kSet, 0, 0, Block({
          A("delete_on_termination", Bool(), "o"), A("device_name", Str(), "r", Flavor::kWord),
          A("encrypted", Bool(), "oc"), A("iops", Num(), "oc", Flavor::kSize), A("kms_key_id", Str(), "oc", Flavor::kArn),
          A("snapshot_id", Str(), "oc", Flavor::kId), A("tags", Map(Str()), "o", Flavor::kTags),
          A("throughput", Num(), "oc", Flavor::kSize), A("volume_id", Str(), "c", Flavor::kId),
          A("volume_size", Num(), "oc", Flavor::kSize), E("volume_type", "oc", {"gp2", "gp3", "io1", "st1"})})),
      BT("metadata_options", Nesting::kList, 0, 1, Block({
          E("http_endpoint", "oc", {"enabled", "disabled"}), A("http_put_response_hop_limit", Num(), "oc", Flavor::kSmallCount),
          E("http_tokens", "oc", {"optional", "required"}), E("instance_metadata_tags", "oc", {"enabled", "disabled"})})),
      BT("root_block_device", Nesting::kList, 0, 1, Block({
          A("delete_on_termination", Bool(), "o"), A("device_name", Str(), "c", Flavor::kWord),
          A("encrypted", Bool(), "oc"), A("iops", Num(), "oc", Flavor::kSize), A("kms_key_id", Str(), "oc", Flavor::kArn),
          A("tags", Map(Str()), "o", Flavor::kTags), A("throughput", Num(), "oc", Flavor::kSize),
          A("volume_id", Str(), "c", Flavor::kId), A("volume_size", Num(), "oc", Flavor::kSize),
          E("volume_type", "oc", {"gp2", "gp3", "io1"})})),
  })));
  c.push_back(R("aws_s3_bucket", 8, "", Block(AwsCommon({
      A("bucket", Str(), "oc", Flavor::kName),
      A("bucket_domain_name", Str(), "c", Flavor::kUrl),
      A("bucket_regional_domain_name", Str(), "c", Flavor::kUrl),
      A("force_destroy", Bool(), "o"),
      A("hosted_zone_id", Str(), "c", Flavor::kId),
      A("object_lock_enabled", Bool(), "oc"),
      A("policy", Str(), "oc", Flavor::kPolicy),
      A("region", Str(), "c", Flavor::kRegion),
  }), {
      BT("lifecycle_rule", Nesting::kList, 0, 0, Block({
          A("abort_incomplete_multipart_upload_days", Num(), "o", Flavor::kSmallCount),
          A("enabled", Bool(), "r"), A("id", Str(), "oc", Flavor::kName), A("prefix", Str(), "o", Flavor::kWord),
          A("tags", Map(Str()), "o", Flavor::kTags)}, {
          BT("expiration", Nesting::kList, 0, 1, Block({A("date", Str(), "o", Flavor::kTimestamp),
              A("days", Num(), "o", Flavor::kSize), A("expired_object_delete_marker", Bool(), "oc")})),
          BT("transition", Nesting::kSet, 0, 0, Block({A("days", Num(), "o", Flavor::kSize),
              E("storage_class", "r", {"STANDARD_IA", "GLACIER", "DEEP_ARCHIVE", "INTELLIGENT_TIERING"})}))})),
      BT("server_side_encryption_configuration", Nesting::kList, 0, 1, Block({}, {
          BT("rule", Nesting::kList, 1, 1, Block({A("bucket_key_enabled", Bool(), "o")}, {
              BT("apply_server_side_encryption_by_default", Nesting::kList, 1, 1, Block({
                  A("kms_master_key_id", Str(), "o", Flavor::kArn), E("sse_algorithm", "r", {"AES256", "aws:kms"})}))}))})),
      BT("versioning", Nesting::kList, 0, 1, Block({A("enabled", Bool(), "o"), A("mfa_delete", Bool(), "o")})),
      BT("website", Nesting::kList, 0, 1, Block({A("error_document", Str(), "o", Flavor::kWord),
          A("index_document", Str(), "o", Flavor::kWord), A("routing_rules", Str(), "o", Flavor::kPolicy)})),
  })));
  c.push_back(R("aws_iam_policy", 7, "ANPA", Block(AwsCommon({
      A("description", Str(), "o", Flavor::kDescription), A("name", Str(), "oc", Flavor::kName),
      A("path", Str(), "o", Flavor::kWord), A("policy", Str(), "r", Flavor::kPolicy),
      A("policy_id", Str(), "c", Flavor::kId)}))));
  c.push_back(R("aws_iam_role", 7, "AROA", Block(AwsCommon({
      A("assume_role_policy", Str(), "r", Flavor::kPolicy), A("create_date", Str(), "c", Flavor::kTimestamp),
      A("description", Str(), "o", Flavor::kDescription), A("force_detach_policies", Bool(), "o"),
      A("managed_policy_arns", Set(Str()), "oc", Flavor::kArn), A("max_session_duration", Num(), "o", Flavor::kSize),
      A("name", Str(), "oc", Flavor::kName), A("path", Str(), "o", Flavor::kWord),
      A("permissions_boundary", Str(), "o", Flavor::kArn), A("unique_id", Str(), "c", Flavor::kId)}), {
      BT("inline_policy", Nesting::kSet, 0, 0, Block({A("name", Str(), "o", Flavor::kName),
          A("policy", Str(), "o", Flavor::kPolicy)}))})));
  TypeRef sg_rule = Obj({{"cidr_blocks", List(Str())}, {"description", Str()}, {"from_port", Num()},
                         {"ipv6_cidr_blocks", List(Str())}, {"prefix_list_ids", List(Str())}, {"protocol", Str()},
                         {"security_groups", Set(Str())}, {"self", Bool()}, {"to_port", Num()}});
  c.push_back(R("aws_security_group", 8, "sg-", Block(AwsCommon({
      A("description", Str(), "o", Flavor::kDescription), A("egress", Set(sg_rule), "oc"),
      A("ingress", Set(sg_rule), "oc"), A("name", Str(), "oc", Flavor::kName),
      A("owner_id", Str(), "c", Flavor::kId), A("revoke_rules_on_delete", Bool(), "o"),
      A("vpc_id", Str(), "oc", Flavor::kId)}))));
  c.push_back(R("aws_lambda_function", 6, "", Block(AwsCommon({
      A("architectures", List(Str()), "oc", Flavor::kWord), A("filename", Str(), "o", Flavor::kWord),
      A("function_name", Str(), "r", Flavor::kName), A("handler", Str(), "o", Flavor::kWord),
      A("invoke_arn", Str(), "c", Flavor::kArn), A("last_modified", Str(), "c", Flavor::kTimestamp),
      A("layers", List(Str()), "o", Flavor::kArn), A("memory_size", Num(), "o", Flavor::kSize),
      A("publish", Bool(), "o"), A("qualified_arn", Str(), "c", Flavor::kArn), A("role", Str(), "r", Flavor::kArn),
      E("runtime", "o", {"python3.12", "nodejs20.x", "go1.x", "java21", "provided.al2023"}),
      A("source_code_hash", Str(), "oc", Flavor::kHash), A("source_code_size", Num(), "c", Flavor::kSize),
      A("timeout", Num(), "o", Flavor::kSmallCount), A("version", Str(), "c", Flavor::kSmallCount)}), {
      BT("environment", Nesting::kList, 0, 1, Block({A("variables", Map(Str()), "o", Flavor::kEnvironment)})),
      BT("vpc_config", Nesting::kList, 0, 1, Block({A("security_group_ids", Set(Str()), "r", Flavor::kId),
          A("subnet_ids", Set(Str()), "r", Flavor::kId), A("vpc_id", Str(), "c", Flavor::kId)})),
  })));
  c.push_back(R("aws_db_instance", 3, "db-", Block(AwsCommon({
      A("address", Str(), "c", Flavor::kUrl), A("allocated_storage", Num(), "oc", Flavor::kSize),
      A("backup_retention_period", Num(), "oc", Flavor::kSmallCount), A("db_name", Str(), "oc", Flavor::kWord),
      A("endpoint", Str(), "c", Flavor::kUrl), E("engine", "oc", {"postgres", "mysql", "mariadb"}),
      A("engine_version", Str(), "oc", Flavor::kWord), A("identifier", Str(), "oc", Flavor::kName),
      E("instance_class", "r", {"db.t3.micro", "db.m5.large", "db.r6g.xlarge"}), A("multi_az", Bool(), "oc"),
      A("parameter_group_name", Str(), "oc", Flavor::kName), A("password", Str(), "os", Flavor::kSecret),
      A("port", Num(), "oc", Flavor::kPort), A("skip_final_snapshot", Bool(), "o"),
      A("storage_encrypted", Bool(), "o"), A("username", Str(), "oc", Flavor::kWord),
      A("vpc_security_group_ids", Set(Str()), "oc", Flavor::kId)}))));
  c.push_back(R("aws_route53_record", 8, "", Block({
      A("fqdn", Str(), "c", Flavor::kUrl), A("id", Str(), "c", Flavor::kId), A("name", Str(), "r", Flavor::kUrl),
      A("records", Set(Str()), "o", Flavor::kIp), A("ttl", Num(), "o", Flavor::kSize),
      E("type", "r", {"A", "AAAA", "CNAME", "TXT", "MX"}), A("zone_id", Str(), "r", Flavor::kId)}, {
      BT("alias", Nesting::kSet, 0, 0, Block({A("evaluate_target_health", Bool(), "r"),
          A("name", Str(), "r", Flavor::kUrl), A("zone_id", Str(), "r", Flavor::kId)}))})));
  c.push_back(R("aws_cloudwatch_log_group", 6, "", Block(AwsCommon({
      A("kms_key_id", Str(), "o", Flavor::kArn), A("name", Str(), "oc", Flavor::kName),
      A("retention_in_days", Num(), "o", Flavor::kSize), A("skip_destroy", Bool(), "o")}))));
  c.push_back(R("aws_ssm_parameter", 6, "", Block(AwsCommon({
      A("description", Str(), "o", Flavor::kDescription), A("name", Str(), "r", Flavor::kName),
      A("overwrite", Bool(), "o"), E("tier", "oc", {"Standard", "Advanced"}),
      E("type", "r", {"String", "SecureString", "StringList"}), A("value", Str(), "ocs", Flavor::kYaml),
      A("version", Num(), "c", Flavor::kSmallCount)}))));
  c.push_back(R("google_compute_instance", 5, "", Block({
      A("can_ip_forward", Bool(), "o"), A("deletion_protection", Bool(), "o"),
      A("id", Str(), "c", Flavor::kId), A("instance_id", Str(), "c", Flavor::kId),
      A("labels", Map(Str()), "o", Flavor::kTags), E("machine_type", "r", {"e2-medium", "n2-standard-4", "c3-highcpu-8"}),
      A("metadata", Map(Str()), "o", Flavor::kEnvironment), A("metadata_startup_script", Str(), "o", Flavor::kScript),
      A("name", Str(), "r", Flavor::kName), A("self_link", Str(), "c", Flavor::kUrl),
      A("tags", Set(Str()), "o", Flavor::kWord), A("zone", Str(), "oc", Flavor::kZone)}, {
      BT("boot_disk", Nesting::kList, 1, 1, Block({A("auto_delete", Bool(), "o"), A("device_name", Str(), "oc", Flavor::kWord),
          A("source", Str(), "oc", Flavor::kUrl)}, {
          BT("initialize_params", Nesting::kList, 0, 1, Block({A("image", Str(), "oc", Flavor::kUrl),
              A("labels", Map(Str()), "oc", Flavor::kTags), A("size", Num(), "oc", Flavor::kSize),
              E("type", "oc", {"pd-standard", "pd-balanced", "pd-ssd"})}))})),
      BT("network_interface", Nesting::kList, 1, 0, Block({A("name", Str(), "c", Flavor::kWord),
          A("network", Str(), "oc", Flavor::kUrl), A("network_ip", Str(), "oc", Flavor::kIp),
          A("subnetwork", Str(), "oc", Flavor::kUrl)}, {
          BT("access_config", Nesting::kList, 0, 0, Block({A("nat_ip", Str(), "oc", Flavor::kIp),
              E("network_tier", "oc", {"PREMIUM", "STANDARD"})}))})),
      BT("service_account", Nesting::kList, 0, 1, Block({A("email", Str(), "oc", Flavor::kName),
          A("scopes", Set(Str()), "r", Flavor::kUrl)})),
  })));
  c.push_back(R("kubernetes_config_map", 5, "", Block({
      A("binary_data", Map(Str()), "o", Flavor::kHash), A("data", Map(Str()), "o", Flavor::kYaml),
      A("id", Str(), "c", Flavor::kId), A("immutable", Bool(), "o")}, {
      BT("metadata", Nesting::kList, 1, 1, Block({A("annotations", Map(Str()), "o", Flavor::kTags),
          A("generation", Num(), "c", Flavor::kSmallCount), A("labels", Map(Str()), "o", Flavor::kTags),
          A("name", Str(), "o", Flavor::kName), A("namespace", Str(), "o", Flavor::kWord),
          A("resource_version", Str(), "c", Flavor::kSize), A("uid", Str(), "c", Flavor::kUuid)}))})));
  c.push_back(R("kubernetes_manifest", 3, "", Block({
      A("manifest", Dyn(), "r", Flavor::kManifest), A("object", Dyn(), "oc", Flavor::kManifest)})));
  c.push_back(R("tfcoremock_complex_resource", 3, "", Block({
      A("bool", Bool(), "o"), A("float", Num(), "o", Flavor::kFloat), A("id", Str(), "oc", Flavor::kUuid),
      A("integer", Num(), "o", Flavor::kSize),
      Nested("list", Nesting::kList, "o", {A("number", Num(), "o", Flavor::kSize), A("string", Str(), "o", Flavor::kDescription)}),
      Nested("map", Nesting::kMap, "o", {A("bool", Bool(), "o"), A("string", Str(), "o", Flavor::kDescription)}),
      A("number", Num(), "o", Flavor::kSize),
      Nested("object", Nesting::kSingle, "o", {A("number", Num(), "o", Flavor::kSize),
          Nested("object", Nesting::kSingle, "o", {A("bool", Bool(), "o"), A("string", Str(), "o", Flavor::kWord)}),
          A("string", Str(), "o", Flavor::kDescription)}),
      Nested("set", Nesting::kSet, "o", {A("number", Num(), "o", Flavor::kSize), A("string", Str(), "o", Flavor::kDescription)}),
      A("string", Str(), "o", Flavor::kScript)}, {
      BT("list_block", Nesting::kList, 0, 0, Block({A("id", Str(), "oc", Flavor::kUuid), A("string", Str(), "o", Flavor::kPolicy)})),
      BT("set_block", Nesting::kSet, 0, 0, Block({A("id", Str(), "oc", Flavor::kUuid), A("string", Str(), "o", Flavor::kWord)})),
  })));
  c.push_back(R("random_password", 3, "", Block({
      A("bcrypt_hash", Str(), "cs", Flavor::kHash), A("id", Str(), "c", Flavor::kWord),
      A("keepers", Map(Str()), "o", Flavor::kTags), A("length", Num(), "r", Flavor::kSmallCount),
      A("min_numeric", Num(), "oc", Flavor::kSmallCount), A("override_special", Str(), "o", Flavor::kWord),
      A("result", Str(), "cs", Flavor::kSecret), A("special", Bool(), "oc")})));
  c.push_back(R("random_id", 2, "", Block({
      A("b64_std", Str(), "c", Flavor::kHash), A("b64_url", Str(), "c", Flavor::kHash),
      A("byte_length", Num(), "r", Flavor::kSmallCount), A("dec", Str(), "c", Flavor::kSize),
      A("hex", Str(), "c", Flavor::kHash), A("id", Str(), "c", Flavor::kHash),
      A("keepers", Map(Str()), "o", Flavor::kTags), A("prefix", Str(), "o", Flavor::kWord)})));
  c.push_back(R("null_resource", 2, "", Block({A("id", Str(), "c", Flavor::kSize),
      A("triggers", Map(Str()), "o", Flavor::kHash)})));
  // Data sources.
  c.push_back(R("aws_iam_policy_document", 3, "", Block({
      A("id", Str(), "c", Flavor::kSize), A("json", Str(), "c", Flavor::kPolicy),
      A("minified_json", Str(), "c", Flavor::kPolicy), A("policy_id", Str(), "o", Flavor::kWord),
      A("version", Str(), "o", Flavor::kWord)}, {
      BT("statement", Nesting::kList, 0, 0, Block({A("actions", Set(Str()), "o", Flavor::kWord),
          E("effect", "o", {"Allow", "Deny"}), A("resources", Set(Str()), "o", Flavor::kArn),
          A("sid", Str(), "o", Flavor::kWord)}, {
          BT("principals", Nesting::kSet, 0, 0, Block({A("identifiers", Set(Str()), "r", Flavor::kArn),
              E("type", "r", {"AWS", "Service", "Federated"})}))}))}), true));
  c.push_back(R("aws_ami", 2, "ami-", Block({
      A("architecture", Str(), "c", Flavor::kWord), A("creation_date", Str(), "c", Flavor::kTimestamp),
      A("description", Str(), "c", Flavor::kDescription), A("id", Str(), "c", Flavor::kId),
      A("image_id", Str(), "c", Flavor::kId), A("most_recent", Bool(), "o"), A("name", Str(), "c", Flavor::kName),
      A("owners", List(Str()), "o", Flavor::kSize), A("tags", Map(Str()), "oc", Flavor::kTags)}, {
      BT("filter", Nesting::kSet, 0, 0, Block({A("name", Str(), "r", Flavor::kWord),
          A("values", List(Str()), "r", Flavor::kWord)}))}), true));
  return c;
}

void WriteAttribute(JsonWriter& out, const AttributeSpec& a);

void WriteBlock(JsonWriter& out, const BlockSpec& block) {
  out.BeginObject();
  if (!block.attributes.empty()) {
    out.Key("attributes");
    out.BeginObject();
    for (const AttributeSpec& a : block.attributes) {
      out.Key(a.name);
      WriteAttribute(out, a);
    }
    out.EndObject();
  }
  if (!block.block_types.empty()) {
    out.Key("block_types");
    out.BeginObject();
    for (const BlockTypeSpec& t : block.block_types) {
      out.Key(t.name);
      out.BeginObject();
      out.Key("nesting_mode");
      out.String(NestingName(t.nesting));
      out.Key("block");
      WriteBlock(out, *t.block);
      if (t.min_items > 0) {
        out.Key("min_items");
        out.Int(t.min_items);
      }
      if (t.max_items > 0) {
        out.Key("max_items");
        out.Int(t.max_items);
      }
      out.EndObject();
    }
    out.EndObject();
  }
  out.Key("description_kind");
  out.String("plain");
  out.EndObject();
}

void WriteAttribute(JsonWriter& out, const AttributeSpec& a) {
  out.BeginObject();
  if (a.nested) {
    out.Key("nested_type");
    out.BeginObject();
    out.Key("attributes");
    out.BeginObject();
    for (const AttributeSpec& inner : a.nested->attributes) {
      out.Key(inner.name);
      WriteAttribute(out, inner);
    }
    out.EndObject();
    out.Key("nesting_mode");
    out.String(NestingName(a.nested->nesting));
    out.EndObject();
  } else {
    out.Key("type");
    WriteTypeJson(out, *a.type);
  }
  out.Key("description_kind");
  out.String("plain");
  if (a.required) {
    out.Key("required");
    out.Bool(true);
  }
  if (a.optional) {
    out.Key("optional");
    out.Bool(true);
  }
  if (a.computed) {
    out.Key("computed");
    out.Bool(true);
  }
  if (a.sensitive) {
    out.Key("sensitive");
    out.Bool(true);
  }
  out.EndObject();
}

}  // namespace

std::string_view NestingName(Nesting nesting) {
  switch (nesting) {
    case Nesting::kSingle: return "single";
    case Nesting::kGroup: return "group";
    case Nesting::kList: return "list";
    case Nesting::kSet: return "set";
    case Nesting::kMap: return "map";
  }
  return "single";
}

const std::vector<ResourceSpec>& ResourceCatalog() {
  static const std::vector<ResourceSpec> catalog = BuildCatalog();
  return catalog;
}

std::string ProviderSource(std::string_view provider) {
  return "registry.opentofu.org/hashicorp/" + std::string(provider);
}

void WriteTypeJson(JsonWriter& out, const TypeSpec& type) {
  switch (type.kind) {
    case TypeKind::kString: out.String("string"); return;
    case TypeKind::kNumber: out.String("number"); return;
    case TypeKind::kBool: out.String("bool"); return;
    case TypeKind::kDynamic: out.String("dynamic"); return;
    case TypeKind::kList:
    case TypeKind::kSet:
    case TypeKind::kMap:
      out.BeginArray();
      out.String(type.kind == TypeKind::kList ? "list" : type.kind == TypeKind::kSet ? "set" : "map");
      WriteTypeJson(out, *type.element);
      out.EndArray();
      return;
    case TypeKind::kObject:
      out.BeginArray();
      out.String("object");
      out.BeginObject();
      for (const auto& [name, t] : type.attributes) {
        out.Key(name);
        WriteTypeJson(out, *t);
      }
      out.EndObject();
      out.EndArray();
      return;
  }
}

void WriteProviderSchemas(JsonWriter& out) {
  // provider local name -> its resource types, in catalog order.
  std::map<std::string, std::vector<const ResourceSpec*>> by_provider;
  for (const ResourceSpec& r : ResourceCatalog()) by_provider[r.provider].push_back(&r);
  out.BeginObject();
  out.Key("format_version");
  out.String("1.0");
  out.Key("provider_schemas");
  out.BeginObject();
  std::map<std::string, std::string> sources;  // sorted by source address, as Go writes maps
  for (const auto& [provider, _] : by_provider) sources[ProviderSource(provider)] = provider;
  for (const auto& [source, provider] : sources) {
    out.Key(source);
    out.BeginObject();
    out.Key("provider");
    out.BeginObject();
    out.Key("version");
    out.Int(0);
    out.Key("block");
    WriteBlock(out, provider == "aws" ? Block({A("region", Str(), "o", Flavor::kRegion)}) : BlockSpec{});
    out.EndObject();
    for (bool data : {false, true}) {
      std::map<std::string, const ResourceSpec*> sorted;
      for (const ResourceSpec* r : by_provider[provider]) {
        if (r->data == data) sorted[r->type] = r;
      }
      if (sorted.empty()) continue;
      out.Key(data ? "data_source_schemas" : "resource_schemas");
      out.BeginObject();
      for (const auto& [type, r] : sorted) {
        out.Key(type);
        out.BeginObject();
        out.Key("version");
        out.Int(0);
        out.Key("block");
        WriteBlock(out, r->block);
        out.EndObject();
      }
      out.EndObject();
    }
    out.EndObject();
  }
  out.EndObject();
  out.EndObject();
}

}  // namespace planview::bench
