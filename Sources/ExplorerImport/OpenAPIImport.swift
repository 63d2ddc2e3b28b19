import CollectionImport

/// A profile made from an OpenAPI document: the import result every format shares.
package typealias OpenAPIImport = ProfileImport
