import CCurl
import Foundation

// libcurl's C callbacks for `CurlTransfer`. They cannot capture: each gets its transfer back from the opaque pointer set in configure(); the transfer is
// kept alive by the loop's table of active handles until libcurl is done with it.

private func transfer(_ pointer: UnsafeMutableRawPointer?) -> CurlTransfer {
    Unmanaged<CurlTransfer>.fromOpaque(pointer!).takeUnretainedValue()
}

let curlWriteCallback: apix_data_callback = { data, size, count, context in
    let length = size * count
    switch transfer(context).receiveBody(UnsafeRawBufferPointer(start: data, count: length)) {
    case .taken: return length
    case .refused: return 0
    // libcurl keeps these bytes and gives them again once the loop resumes the transfer (`CurlMulti`).
    case .paused: return apix_writefunc_pause()
    }
}

let curlHeaderCallback: apix_data_callback = { data, size, count, context in
    transfer(context).receiveHeader(UnsafeRawBufferPointer(start: data, count: size * count))
    return size * count
}

let curlReadCallback: apix_data_callback = { buffer, size, count, context in
    let read = transfer(context).readBody(into: UnsafeMutableRawPointer(buffer!), capacity: size * count)
    return read < 0 ? Int(CURL_READFUNC_ABORT) : read
}

let curlSeekCallback: apix_seek_callback = { context, offset, origin in
    guard offset == 0, origin == SEEK_SET, transfer(context).rewindBody() else { return CURL_SEEKFUNC_CANTSEEK }
    return CURL_SEEKFUNC_OK
}

let curlProgressCallback: apix_xferinfo_callback = { context, dlTotal, dlNow, ulTotal, ulNow in
    transfer(context).progressed(
        dlTotal: Int64(dlTotal), dlNow: Int64(dlNow), ulTotal: Int64(ulTotal), ulNow: Int64(ulNow)) ? 0 : 1
}

let curlDebugCallback: apix_debug_callback = { handle, type, data, size, context in
    if type == CURLINFO_TEXT, let data {
        let current = transfer(context)
        if current.handshake.read(UnsafeRawBufferPointer(start: data, count: size)), let handle {
            let resumed = apix_tls_session_resumed(handle)
            current.handshake.resumed = resumed < 0 ? nil : resumed == 1
        }
    }
    return 0
}
